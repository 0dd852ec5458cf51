"""Settings from the environment (``CONTEXTORG_*``): :mod:`contextorg.tools.settings`."""

from contextorg.tools.settings import Settings, get_settings

__all__ = ["Settings", "get_settings"]
