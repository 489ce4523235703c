import AlmanacCore

/// What a JUnit `<testsuite>` (or the root `<testsuites>`) says it holds, beside what its cases
/// turn out to be. Runners write these totals themselves, so they are the check on our count:
/// where they disagree, the file is named at the suite's line. They also tell what a name
/// written twice means: a suite whose `tests` counts its distinct names, not its cases, wrote
/// each attempt of a retried test as a case (pytest-rerunfailures 16); one whose `tests`
/// counts its cases wrote each run (TestNG's data providers, Go's `-count`).
struct JUnitTotals {
    static let attributes = ["tests", "failures", "errors", "skipped"]

    var name: String?
    var location: SourceLocation
    var declared: [String: Int]
    /// Each case once, by its outcome; and as Surefire 2 counts them, each of its earlier
    /// attempts inside a case too (Surefire 3 counts the cases alone).
    var counted: [String: Int] = ["tests": 0, "failures": 0, "errors": 0, "skipped": 0]
    var countedWithRetries: [String: Int] = ["tests": 0, "failures": 0, "errors": 0, "skipped": 0]
    /// How many cases bear each test name (class and name), to tell repeats apart.
    var names: [String: Int] = [:]
    var cases = 0

    init(name: String?, location: SourceLocation, attributes: [String: String]) {
        self.name = name
        self.location = location
        var declared: [String: Int] = [:]
        for key in Self.attributes { if let value = attributes[key].flatMap({ Int($0) }) { declared[key] = value } }
        self.declared = declared
    }

    /// Counts one case: its status, Surefire's earlier attempts inside it, and its name.
    mutating func count(status: String, attempts: Int, attemptErrors: Int, name: String) {
        let counter = ["failed": "failures", "error": "errors", "skipped": "skipped"][status]
        counted["tests", default: 0] += 1
        if let counter { counted[counter, default: 0] += 1 }
        countedWithRetries["tests", default: 0] += 1 + attempts
        if let counter { countedWithRetries[counter, default: 0] += 1 }
        countedWithRetries["errors", default: 0] += attemptErrors
        countedWithRetries["failures", default: 0] += attempts - attemptErrors
        names[name, default: 0] += 1
        cases += 1
    }

    /// What the totals say a repeated name is: nil where no name repeats or they cannot tell.
    var repeats: TestRepeats? {
        guard cases > names.count, let tests = declared["tests"] else { return nil }
        if tests == names.count { return .attempts }
        if tests == counted["tests"] || tests == countedWithRetries["tests"] { return .runs }
        return nil
    }

    /// A warning where the runner's totals disagree with the cases, counted by `rule` (a suite
    /// read as attempts holds one test per name).
    func disagreement(rule: TestRepeats) -> Diagnostic? {
        var counted = counted
        if rule == .attempts && repeats == .attempts { counted["tests"] = names.count }
        let differs = { (counts: [String: Int]) in Self.attributes.filter { key in declared[key].map { $0 != counts[key] } ?? false } }
        let wrong = differs(counted)
        guard !wrong.isEmpty, !differs(countedWithRetries).isEmpty else { return nil }
        let says = wrong.map { "\($0)=\"\(declared[$0] ?? 0)\"" }.joined(separator: " ")
        let holds = wrong.map { key in
            let count = counted[key] ?? 0
            let noun = ["tests": "run", "failures": "failure", "errors": "error", "skipped": "skipped"][key] ?? key
            return "\(count) \(noun)\(count == 1 || key == "skipped" ? "" : "s")"
        }.joined(separator: ", ")
        let what = name.map { "suite '\($0)'" } ?? "the file"
        return .warning(
            at: location, "\(what) says \(says) but holds \(holds)",
            hint: "the report counts each <testcase> the file holds as a run; the runner's own totals count otherwise")
    }
}
