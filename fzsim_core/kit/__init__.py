"""The kit the rule packs and the policies share, below both (no pack cimports another pack):
a 34-kind hand with chows, melds and a wild (hand34) and the standard shape on it (shapes34)."""
