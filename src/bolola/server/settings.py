"""Server settings: defaults, then ``BOLOLA_*`` environment variables, then the command line.

>>> Settings(port=9000).port
9000
"""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="BOLOLA_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = Field(8000, ge=0, le=65535)
    database_url: str = "sqlite:///bolola.db"
    # Signs session cookies; when empty, one is made and kept in the database.
    secret_key: str = ""
    log_level: str = "info"
    # Per WebSocket connection: largest message (bytes), messages per second and burst.
    max_message_bytes: int = Field(4096, ge=64)
    messages_per_second: float = Field(20.0, gt=0)
    message_burst: int = Field(40, ge=1)
    # Chat: longest line and lines per second (burst) per player and table.
    chat_max_chars: int = Field(300, ge=1)
    chat_per_second: float = Field(1.0, gt=0)
    chat_burst: int = Field(5, ge=1)
    # Sign-in attempts per name and address per minute.
    login_per_minute: int = Field(5, ge=1)
    # Keepalive: ping every N seconds, drop a connection silent for M more (0: off).
    ping_interval: float = Field(20.0, ge=0)
    ping_timeout: float = Field(20.0, ge=0)
    # A seated player who left or lost the connection is played for after this long.
    grace_seconds: float = Field(30.0, ge=0)
    # Updates kept per table for reconnects; an older gap gets a full snapshot.
    replay_window: int = Field(512, ge=1)
    # The level of the bot that plays for an absent player.
    stand_in_level: str = "club"
    # Cookies marked Secure (behind HTTPS).
    secure_cookies: bool = False
    # A bare WebSocket echo at /echo: the ceiling for ``bolola bench server``.
    echo: bool = False
