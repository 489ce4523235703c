import AlmanacCore
import AlmanacTemplate
import AlmanacModel

/// What a compared report says besides its rows (`BaselineComparison`): the tests that are
/// gone, and the ones that grew much slower, worded once for the HTML and the Markdown.
struct ComparisonText {
    /// Removed tests named at most: a renamed suite removes thousands, and the count says it.
    static let removedShown = 50

    let removed: [String]
    let removedMore: Int
    let removedTitle: String
    let slower: [(label: String, before: String, now: String)]
    let strings: InterfaceStrings

    init?(_ page: Page) {
        guard let comparison = page.comparison, !comparison.removed.isEmpty || !comparison.slower.isEmpty else { return nil }
        removed = Array(comparison.removed.prefix(Self.removedShown))
        removedMore = comparison.removed.count - removed.count
        let strings = page.strings
        self.strings = strings
        removedTitle = strings.counted(.reportRemovedTests, comparison.removed.count)
        slower = comparison.slower.map {
            ($0.label, FieldText.duration($0.before, strings: strings), FieldText.duration($0.now, strings: strings))
        }
    }

    var templateValue: TemplateValue {
        .object([
            "removed": .list(removed.map { .string($0) }), "hasRemoved": .bool(!removed.isEmpty),
            "removedTitle": .string(removedTitle),
            "removedMore": removedMore > 0 ? .string(strings.counted(.reportAndMore, removedMore)) : .null,
            "slower": .list(slower.map { .object(["label": .string($0.label), "before": .string($0.before), "now": .string($0.now)]) }),
            "hasSlower": .bool(!slower.isEmpty),
        ])
    }

    /// The same in Markdown, under the summary line: the slower tests as a table, the removed
    /// ones folded.
    var markdown: String {
        var text = ""
        if !slower.isEmpty {
            text += MarkdownBlocks.paragraph("**" + MarkdownEscape.text(strings.text(.reportSlower)) + ":**")
            text += MarkdownBlocks.table(
                [strings.text(.columnTest), strings.text(.columnBefore), strings.text(.columnNow)], slower.map { [$0.label, $0.before, $0.now] })
        }
        if !removed.isEmpty {
            var list = removed.map { "- " + MarkdownEscape.text($0) + "\n" }.joined()
            if removedMore > 0 { list += "- *" + MarkdownEscape.text(strings.counted(.reportAndMore, removedMore)) + "*\n" }
            text += MarkdownBlocks.details(label: removedTitle, list + "\n")
        }
        return text
    }
}
