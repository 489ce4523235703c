import Almanac
import AlmanacCore
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
        let time = "(\(String(format: "%.2f", seconds)) s)"
        if report.fileCount == 0 && report.proseOnlyPages == 0 && report.reusedFiles > 0 {
            return "Built \(what): nothing changed since the last build \(time)"
        }
        var pages: [String] = []
        if report.reusedPages > 0 { pages.append(Self.count(report.reusedPages, "unchanged page")) }
        if report.proseOnlyPages > 0 { pages.append("all but the new prose of " + Self.count(report.proseOnlyPages, "page")) }
        var keptText = ""
        if report.reusedFiles > 0 {
            keptText = "; kept " + Self.count(report.reusedFiles, "file") + " from the last build"
            if !pages.isEmpty { keptText += ": " + pages.joined(separator: ", ") }
        }
        return "Built \(what): rendered \(Self.count(report.fileCount, "file")) into \(outputPath)/\(keptText) \(time)"
    }

    var stages: [String] {
        report.stages.map { stage in
            let peak = stage.peakBytes.map { ", peak \(($0 / (1 << 20)).grouped) MiB" } ?? ""
            return "  \(stage.name): \(String(format: "%.2f", stage.seconds)) s\(peak)"
        }
    }

    /// `1 page`, `2 pages`, `14,123 files`: grouped as the progress line groups them.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number.grouped) \(noun)\(number == 1 ? "" : "s")"
    }
}
