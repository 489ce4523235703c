package calc

// Divide divides, rounding up (wrongly).
func Divide(a, b int) int { return a/b + 1 }

// Add adds.
func Add(a, b int) int { return a + b }
