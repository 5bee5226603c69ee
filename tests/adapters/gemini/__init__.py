"""Tests of the gemini adapter, one module per module of the package."""
