package cache

import "testing"

// Passes on its first run and fails on the next: the store outlives one run of the test.
func TestPut(t *testing.T) {
	if !Put("a", "1") {
		t.Errorf("Put(a) refused: the store kept a from an earlier run")
	}
}

func TestLen(t *testing.T) {
	if len("abc") != 3 {
		t.Fatal("len")
	}
}
