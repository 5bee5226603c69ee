"""The recorded-traffic replay gate: ``wirechat conformance --recorded`` (issue 23).

Every body of ``conformance/recorded/`` (real provider traffic cut from other projects' recordings) goes
through the Python adapter it belongs to and is held to an independent reading of the same body
(``readers``): decode, compare, re-encode, decode again, and account for every member of the provider's
body (a member the re-encoded body lacks must be named by a decode warning at its pointer). Each body gets
one verdict: ``lossless``, ``declared-lossy``, ``refused``, ``rejected`` (as the provider rejected it) or
``failed``; the known failures are listed in
``conformance/expected-failures/recorded-python.txt``, and a stale entry fails the run.

Modules: ``corpus`` (the layout), ``sse`` (an independent framer), ``readers`` (one per provider format),
``members`` (the zero-unreported-members walk), ``compare`` (a decoding against a reading), ``checks``
(the checks per kind of body), ``run`` (verdicts, expected failures, the report), ``vectors`` (the
corpus cut into cross-language adapter vectors), ``command`` (the command-line wiring).
"""
