"""Farmer over the network."""
