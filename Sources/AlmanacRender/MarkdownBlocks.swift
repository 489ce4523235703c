/// The pieces of GitHub-flavoured Markdown that Almanac writes from code rather than from a
/// template: tables, fenced code that no data can close early, and the collapsed `<details>`
/// a job summary folds a failure's text into. Every piece ends with a blank line, so pieces
/// can be put side by side (or left out) without one running into the next.
enum MarkdownBlocks {
    /// A table with a row per entry; every cell is escaped (a `|` in a test name stays in
    /// its cell).
    static func table(_ headings: [String], _ rows: [[String]]) -> String {
        var text = "|"
        for heading in headings { text += " " + MarkdownEscape.text(heading) + " |" }
        text += "\n|"
        for _ in headings { text += " --- |" }
        text += "\n"
        for row in rows { text += tableRow(row) }
        return text + "\n"
    }

    static func tableRow(_ cells: [String]) -> String {
        var text = "|"
        for cell in cells { text += " " + MarkdownEscape.text(cell) + " |" }
        return text + "\n"
    }

    /// Text shown exactly as it is, in a fence longer than any run of backticks inside it.
    static func code(_ text: String) -> String {
        // One pass over the bytes: line ends made `\n`, the longest backtick run counted. A
        // failure's message can be thousands of lines, and a report has thousands of them.
        var body: [UInt8] = []
        body.reserveCapacity(text.utf8.count)
        var longest = 0
        var run = 0
        var afterReturn = false
        for byte in text.utf8 {
            defer { afterReturn = byte == 0x0D }
            if byte == 0x0A && afterReturn { continue }
            body.append(byte == 0x0D ? 0x0A : byte)
            run = byte == 0x60 ? run + 1 : 0
            longest = max(longest, run)
        }
        while body.last == 0x0A { body.removeLast() }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + "text\n" + String(decoding: body, as: UTF8.self) + "\n" + fence + "\n\n"
    }

    /// A collapsed block with a fixed label: the label is Almanac's own words, never data, so
    /// the only raw HTML in the file is these tags. The blank lines around `body` let GitHub
    /// read it as Markdown.
    static func details(label: String, _ body: String) -> String {
        "<details>\n<summary>" + label + "</summary>\n\n" + body + "</details>\n\n"
    }

    static func heading(_ level: Int, _ text: String) -> String {
        String(repeating: "#", count: level) + " " + MarkdownEscape.text(text) + "\n\n"
    }

    static func paragraph(_ escapedText: String) -> String {
        escapedText + "\n\n"
    }
}
