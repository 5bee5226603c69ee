"""The feature vocabulary of capability manifests: every name an adapter's manifest must declare.

Each feature names one thing a canonical request or response can hold that a provider may carry
losslessly, carry in a degraded form (the adapter returns a ``ConversionWarning`` naming the feature),
or refuse (``ConversionRefused`` naming the feature). The gate detects which features a generated
document uses (``wirechat.adapters._reduce``) and checks the adapter against its declared levels: a
refused feature must raise, a degraded one must warn and change the document exactly as the feature's
description says, a lossless one must come back unchanged.

The vocabulary is data: ``adapters/features.json``, generated into ``wirechat._tables.features``
(decision 028).
"""

from __future__ import annotations

from wirechat._tables.features import FEATURES

__all__ = ["FEATURES"]
