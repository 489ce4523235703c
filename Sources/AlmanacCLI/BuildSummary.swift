import Almanac
import Foundation

/// What `almanac build` and `almanac check` print when they succeed: what was built, what was
/// kept from the last build, and with `--verbose` the time of each stage.
struct BuildSummary {
    let report: BuildReport
    let isBuild: Bool
    let outputPath: String
    let seconds: Double

    var line: String {
        let what = Self.count(report.pageCount, "page") + ", " + Self.count(report.rowCount, "row")
        guard isBuild else { return "Checked \(what): no errors" }
        var kept: [String] = []
        if report.proseOnlyPages > 0 { kept.append("all but the new prose of " + Self.count(report.proseOnlyPages, "page")) }
        if report.reusedPages > 0 { kept.append(Self.count(report.reusedPages, "unchanged page")) }
        if report.reusedDetailFolders > 0 { kept.append("the detail pages and JSON of " + Self.count(report.reusedDetailFolders, "page")) }
        let keptText = kept.isEmpty ? "" : "; kept " + kept.joined(separator: " and ")
        return "Built \(what): rendered \(report.fileCount) files into \(outputPath)/\(keptText) (\(String(format: "%.2f", seconds)) s)"
    }

    var stages: [String] {
        report.stages.map { "  \($0.name): \(String(format: "%.2f", $0.seconds)) s" }
    }

    /// `1 page`, `2 pages`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
