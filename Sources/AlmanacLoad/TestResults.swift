import AlmanacCore

/// A results file read: one record per test, and the name the run gives itself, which titles
/// its report when the page gives none.
public struct TestResults: Sendable {
    public var records: [Record]
    public var name: String?
    /// What the file's own totals say a name repeated in it is, where it has such a name and
    /// its totals tell; nil where they cannot.
    public var repeats: TestRepeats?

    public init(records: [Record], name: String?, repeats: TestRepeats? = nil) {
        self.records = records
        self.name = name
        self.repeats = repeats
    }
}
