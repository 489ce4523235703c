package calc

import "testing"

func TestAdd(t *testing.T) {
	if Add(2, 2) != 4 {
		t.Fatal("2 + 2")
	}
}

func TestDivide(t *testing.T) {
	if got := Divide(7, 2); got != 3 {
		t.Errorf("Divide(7, 2) = %d, want 3", got)
	}
}

func TestPrintsInvoices(t *testing.T) {
	t.Skip("not on CI")
}

func TestTable(t *testing.T) {
	for _, c := range []struct{ a, b, want int }{{4, 2, 2}, {9, 3, 3}} {
		t.Run("", func(t *testing.T) {
			if Divide(c.a, c.b) != c.want {
				t.Errorf("Divide(%d, %d) = %d", c.a, c.b, Divide(c.a, c.b))
			}
		})
	}
}
