extension Int {
    /// `1204` → `1,204`: counts as a reader reads them, in summaries, budgets and progress
    /// (counts, so never negative).
    public var grouped: String {
        let digits = Array(String(self))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }
}
