import os
import pytest

COUNTER = ".attempts"


@pytest.mark.parametrize("price,qty,total", [(2, 3, 6), (5, 0, 0), (1, 1, 2)])
def test_total(price, qty, total):
    assert price * qty == total


def test_discount():
    assert round(10 * 0.9, 2) == 9.0


def test_flaky_network():
    """Fails on its first attempt only: a retry makes it pass."""
    seen = os.path.exists(COUNTER)
    open(COUNTER, "a").close()
    assert seen, "connection reset"


@pytest.mark.skip(reason="needs a printer")
def test_receipt():
    pass
