"""The phone the browser tests hold: its screen, in CSS pixels."""

PHONE = {"width": 390, "height": 844}
