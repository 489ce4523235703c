/// Finds the known word nearest a misspelt one, for "did you mean" hints.
public enum Suggestion {
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(Array(word), Array($0))) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) { return best.0 }
        // A word left unfinished (`--group` for `--group-by`) is the shortest word it begins.
        let letters = word.drop { $0 == "-" }
        guard letters.count >= 3 else { return nil }
        return candidates.filter { $0.hasPrefix(word) }.min { $0.count < $1.count }
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
