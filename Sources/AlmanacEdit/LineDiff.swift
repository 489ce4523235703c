/// A unified diff of two versions of a file, for `--dry-run`: the lines an edit takes out and
/// puts in, with two lines of context. Myers' algorithm, which is quick when the edit is small
/// (its cost grows with the lines changed, not with the file).
enum LineDiff {
    static func unified(_ before: [UInt8], _ after: [UInt8], context: Int = 2) -> String {
        let old = lines(before), new = lines(after)
        let script = edits(old, new)
        var output: [String] = []
        var index = 0
        while index < script.count {
            guard script[index].kind != .same else { index += 1; continue }
            // A hunk: changes with up to 2 × context unchanged lines between them.
            var end = index
            var last = index
            while end < script.count {
                if script[end].kind != .same { last = end } else if end - last > context * 2 { break }
                end += 1
            }
            let start = max(0, index - context)
            let stop = min(script.count, last + context + 1)
            let hunk = script[start..<stop]
            let oldStart = hunk.first.map(\.old) ?? 0, newStart = hunk.first.map(\.new) ?? 0
            let oldCount = hunk.filter { $0.kind != .added }.count, newCount = hunk.filter { $0.kind != .removed }.count
            output.append("@@ -\(oldStart + 1),\(oldCount) +\(newStart + 1),\(newCount) @@")
            for step in hunk {
                switch step.kind {
                case .same: output.append(" " + old[step.old])
                case .removed: output.append("-" + old[step.old])
                case .added: output.append("+" + new[step.new])
                }
            }
            index = stop
        }
        return output.map { $0 + "\n" }.joined()
    }

    struct Step {
        enum Kind { case same, removed, added }
        let kind: Kind
        /// The line's number in the old file (for `.added`: the old line it comes before).
        let old: Int
        let new: Int
    }

    /// Lines split at the byte LF (a CRLF is one Character to Swift), without their breaks.
    static func lines(_ bytes: [UInt8]) -> [String] {
        guard !bytes.isEmpty else { return [] }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        if bytes.last == 0x0A { lines.removeLast() }
        return lines.map { line in String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self) }
    }

    /// The shortest edit script from `old` to `new`.
    static func edits(_ old: [String], _ new: [String]) -> [Step] {
        let n = old.count, m = new.count, offset = n + m + 1
        var frontier = [Int](repeating: 0, count: 2 * offset + 1)
        var history: [[Int]] = []
        search: for depth in 0...(n + m) {
            history.append(frontier)
            for diagonal in stride(from: -depth, through: depth, by: 2) {
                var x = diagonal == -depth || (diagonal != depth && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1])
                    ? frontier[offset + diagonal + 1] : frontier[offset + diagonal - 1] + 1
                var y = x - diagonal
                while x < n && y < m && old[x] == new[y] { x += 1; y += 1 }
                frontier[offset + diagonal] = x
                if x >= n && y >= m { break search }
            }
        }
        // Walk back through the frontiers (each as it was before its round) to recover the path.
        var steps: [Step] = []
        var x = n, y = m
        for depth in stride(from: history.count - 1, through: 0, by: -1) {
            let frontier = history[depth]
            let diagonal = x - y
            let down = diagonal == -depth || (diagonal != depth && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1])
            let previousDiagonal = down ? diagonal + 1 : diagonal - 1
            let previousX = frontier[offset + previousDiagonal], previousY = previousX - previousDiagonal
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
                steps.append(Step(kind: .same, old: x, new: y))
            }
            if depth > 0 {
                steps.append(x == previousX ? Step(kind: .added, old: x, new: previousY) : Step(kind: .removed, old: previousX, new: y))
            }
            x = previousX
            y = previousY
        }
        return steps.reversed()
    }
}
