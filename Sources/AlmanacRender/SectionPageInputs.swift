/// What the section pages of a split page show besides their own rows: the page's name, title,
/// row count and summary line, every section's id, title, size, file and guide words (the
/// index strip, the pager and the headers read them), and the formats linked beside it. A
/// section page's cache key is made from these bytes, the page's settings and prose headings,
/// and the keys of the rows it lists, so one changed row renders the one page that lists it
/// rather than every section's. Mirrors `HTMLContext.listing` for a section part: a value read
/// there belongs here or in a row's `detailInputs`.
extension PageOutputs {
    public func sectionPagesInputs() -> [UInt8] {
        var key = KeyBytes()
        key.text(page.name)
        key.text(page.title)
        key.text(page.labelField)
        key.text(String(page.rowCount))
        key.text(TestSummary.line(for: page) ?? "")
        for twin in twins { key.text(twin.name) }
        for (index, section) in page.sections.enumerated() {
            key.text(section.id)
            key.text(section.title)
            key.text(String(section.rows.count))
            key.text(paths.sectionFiles.indices.contains(index) ? paths.sectionFiles[index] : "")
            let parts = paths.sectionParts.indices.contains(index) ? paths.sectionParts[index] : nil
            key.text(String(parts?.count ?? 0))
            for guide in parts?.guides ?? [] { key.text(guide) }
        }
        return key.bytes
    }
}
