"""Kiosk mode: an attract loop that plays itself, hands the table to a visitor, and takes it back."""
