"""Test machinery for wirechat and for anyone who writes an adapter or a service on top of it.

Nothing in the runtime package imports this one; it is installed with the extras::

    pip install "wirechat[testing]"   # strategies: hypothesis strategies for every wire type
    pip install "wirechat[gate]"      # the adapter gate, and the provider SDKs it checks bodies against

* ``wirechat.testing.strategies``: hypothesis strategies drawn from the bundled schema;
* ``wirechat.testing.gate``: the adapter gate (``wirechat conformance --adapter NAME``), with its expected
  tables (``gate_expected``) and its request/response strategies (``gate_strategies``);
* ``wirechat.testing.fake_provider``: a real HTTP server on 127.0.0.1 that plays scripted turns in a
  provider's wire format and injects faults (``wirechat serve-fake``); it needs nothing beyond the runtime.

Modules are imported on demand: importing ``wirechat.testing`` loads none of them.
"""
