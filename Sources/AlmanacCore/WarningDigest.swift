/// The first few warnings of one kind in full, then one that counts the rest: a data file with
/// thousands of rows gone wrong the same way says so in a screenful, and each warning shown
/// still points at its own line. Warnings are made only as they are kept, so a page with a
/// million such rows makes five messages, not a million.
public enum WarningDigest {
    public static let shownInFull = 5

    /// `found`'s first `shownInFull` warnings, then `more(count)` for the `count` beyond them.
    public static func digest(_ found: some Sequence<() -> Diagnostic>, more: (Int) -> Diagnostic) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        var count = 0
        for warning in found {
            count += 1
            if count <= shownInFull { warnings.append(warning()) }
        }
        if count > shownInFull { warnings.append(more(count - shownInFull)) }
        return warnings
    }
}
