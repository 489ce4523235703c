// Package cache keeps values for a while.
package cache

var store = map[string]string{}

// Put keeps a value; it refuses a key it holds already.
func Put(key, value string) bool {
	if _, held := store[key]; held {
		return false
	}
	store[key] = value
	return true
}
