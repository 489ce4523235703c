import AlmanacModel

/// What a detail page shows besides what every page of its listing shares (the settings and
/// the site): the row itself, where it sits, the way back and its neighbours. A detail page's
/// cache key is made from these bytes, so one changed row renders its own page and the pages
/// that name it (its neighbours, through previous and next), not every row's.
extension PageOutputs {
    /// The bytes a detail page depends on beyond its page's settings; equal bytes render the
    /// same page. Mirrors `HTMLContext.detail`: a value read there belongs here.
    public func detailInputs(section: Int, position: Int) -> [UInt8] {
        let shown = page.sections[section]
        let row = shown.rows[position]
        var key = KeyBytes(capacity: 512)
        key.text(page.labelField)
        key.text(row.label)
        key.text(row.slug)
        row.record.appendContent(to: &key.bytes)
        key.bytes.append(0)
        key.text(shown.id)
        key.text(shown.title)
        key.text(sectionHome(section, position: position))
        let (previous, next) = neighbours.of(position, inSection: section, of: page)
        for neighbour in [previous, next] {
            key.text(neighbour == nil ? "-" : "+")
            key.text(neighbour?.label ?? "")
            key.text(neighbour?.slug ?? "")
        }
        return key.bytes
    }
}
