/// What a test name written more than once in one results file means. Most runners write a
/// repeat for another *run* of the test (TestNG's data providers, JUnit 5's repeated tests,
/// jest's `test.each` under one title, Go's `-count=N`); a few write each *attempt* of a retried
/// test as a case of its own (pytest-rerunfailures 16). A file that says which, through its
/// suites' own totals, is read as it says; `render --repeats` decides for the others.
public enum TestRepeats: String, Sendable, CaseIterable {
    /// Each repeat is another run: counted, and failing the report when it fails.
    case runs
    /// Each repeat is a retry of the one before: the test's outcome is its last attempt's.
    case attempts
}
