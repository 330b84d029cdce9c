"""The terminal client: a game played at the keyboard, its boards written as PNG files."""
