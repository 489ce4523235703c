/// The line a test failed at, read from its traceback: a report's own `line` is where the test
/// begins (pytest's `def`), or is missing (pytest's `xunit2`, Surefire), while the traceback
/// names the assertion that failed, in the form its language prints:
/// `tests/test_x.py:13: AssertionError` and `File "…/test_x.py", line 13` (Python),
/// `at com.acme.FooTest.adds(FooTest.java:42)` (Java, Kotlin), `(src/sum.test.js:5:17)` (Jest),
/// `    sum_test.go:12: want 3` (Go), `in /src/Acme.Tests/CalcTests.cs:line 21` (.NET).
public enum FailureLine {
    /// The line in `file` the failure happened at, or nil when the traceback does not name it.
    /// Python prints the innermost frame last, the others first; the frame taken is the one
    /// nearest the failure that is in the test's own file.
    public static func find(in details: String, file: String) -> Int? {
        let path = file.hasPrefix("./") ? String(file.dropFirst(2)) : file
        let baseName = path.split(separator: "/").last.map(String.init) ?? path
        guard !baseName.isEmpty else { return nil }
        let directory = path.dropLast(baseName.count)
        var lines: [Int] = []
        for text in details.split(separator: "\n", omittingEmptySubsequences: true).prefix(2000) {
            var searchStart = text.startIndex
            while let range = text[searchStart...].range(of: baseName) {
                searchStart = range.upperBound
                let before = text[..<range.lowerBound]
                guard names(path: directory, before: before), let number = lineNumber(after: text[range.upperBound...]) else { continue }
                lines.append(number)
            }
        }
        return path.hasSuffix(".py") ? lines.last : lines.first
    }

    /// Whether what precedes a mention of the file's name makes it this file: the rest of its
    /// path, or a frame that names files by their name alone (`(FooTest.java:42)`, Go's
    /// indented `sum_test.go:12:`).
    private static func names(path directory: Substring, before: Substring) -> Bool {
        if let last = before.last, !"/\\\"'( \t[".contains(last) { return false }
        if directory.isEmpty || before.last == "(" || before.allSatisfy({ $0 == " " || $0 == "\t" }) { return true }
        guard before.hasSuffix(directory) else { return false }
        let rest = before.dropLast(directory.count)
        return rest.last.map { "/\\\"'( \t[".contains($0) } ?? true
    }

    /// `:42`, `", line 42` or .NET's `:line 42` after the file's name.
    private static func lineNumber(after text: Substring) -> Int? {
        let digits: Substring
        if text.hasPrefix(":line ") {
            digits = text.dropFirst(6).prefix { $0.isASCII && $0.isNumber }
        } else if text.hasPrefix(":") {
            digits = text.dropFirst().prefix { $0.isASCII && $0.isNumber }
        } else if text.hasPrefix("\", line ") {
            digits = text.dropFirst(8).prefix { $0.isASCII && $0.isNumber }
        } else {
            return nil
        }
        guard let number = Int(digits.prefix(9)), number > 0 else { return nil }
        return number
    }
}
