"""The one cache of pictures: least recently used out first, within its bytes and its count."""

from __future__ import annotations

from scenes.ui.cache import SurfaceCache


def _cache(max_bytes: int, max_items: int | None = None) -> SurfaceCache[str, str]:
    return SurfaceCache(max_bytes, len, max_items)  # a word's bytes: its length


def test_the_least_recently_used_go_first_once_over_the_budget() -> None:
    cache = _cache(10)
    cache.put("a", "aaaa")
    cache.put("b", "bbbb")
    assert cache.get("a") == "aaaa"  # a is now the most recently used
    cache.put("c", "cccc")
    assert cache.keys() == ["a", "c"] and cache.bytes == 8
    assert cache.get("b") is None


def test_the_newest_stays_whatever_its_size_and_a_count_bounds_it_too() -> None:
    cache = _cache(10)
    cache.put("a", "aa")
    cache.put("big", "x" * 50)
    assert cache.keys() == ["big"] and cache.bytes == 50
    counted = _cache(1000, max_items=2)
    for key in "abc":
        counted.put(key, key)
    assert counted.keys() == ["b", "c"] and len(counted) == 2


def test_a_key_put_again_is_counted_once_and_clearing_forgets_everything() -> None:
    cache = _cache(100)
    cache.put("a", "aaaa")
    cache.put("a", "aa")
    assert cache.bytes == 2 and len(cache) == 1 and "a" in cache
    cache.clear()
    assert cache.bytes == 0 and not len(cache) and cache.get("a") is None
