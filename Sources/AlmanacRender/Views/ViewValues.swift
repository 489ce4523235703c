import AlmanacModel
import AlmanacTemplate

// The one place views become template values. Every field is named, an absent one as null,
// so the names here are exactly the names a template of that view may read; a `has…`, `is…`
// or `count` beside a list or text is worked out here rather than kept in step by hand.

extension Optional where Wrapped == String {
    fileprivate var templateValue: TemplateValue { map(TemplateValue.string) ?? .null }
}

extension Int {
    fileprivate var templateValue: TemplateValue { .number(Double(self)) }
}

extension LinkView: TemplateView {
    var templateObject: TemplateObject { ["title": .string(title), "href": .string(href)] }
}

extension LayoutView: TemplateView {
    /// Every key of the page's strings table as its plain text (`{{strings.cancel}}`); a
    /// counted or filled-in text is made where its view becomes values.
    static func texts(_ strings: InterfaceStrings) -> TemplateObject {
        var texts = TemplateObject(minimumCapacity: InterfaceString.allCases.count)
        for key in InterfaceString.allCases { texts[key.rawValue] = .string(strings.text(key)) }
        return texts
    }

    var templateObject: TemplateObject {
        var values = TemplateObject(minimumCapacity: 24)
        fill(&values)
        return values
    }

    /// Adds the layout's names to a page view's own.
    func fill(_ values: inout TemplateObject) {
        values["siteTitle"] = .string(siteTitle)
        values["lang"] = .string(strings.locale.bcp47)
        values["dir"] = strings.locale.isRightToLeft ? .string("rtl") : .null
        values["strings"] = .object(Self.texts(strings))
        values["words"] = .string(PageWords.json(strings))
        values["wordsID"] = .string(PageWords.elementID)
        values["theme"] = theme.templateValue
        values["root"] = .string(root)
        values["stylesheet"] = .string(stylesheet)
        values["script"] = .string(script)
        values["home"] = home.templateValue
        values["pageTitle"] = pageTitle.templateValue
        values["canonical"] = canonical.templateValue
        values["inlineStyle"] = inline.map { .string($0.style) } ?? .null
        values["inlineScript"] = inline.map { .string($0.script) } ?? .null
        values["policy"] = inline.map { .string($0.policy) } ?? .null
        values["inlineSearchData"] = inline?.searchData.map { .string($0) } ?? .null
        values["searchDataID"] = .string(SingleFileAssets.searchDataID)
    }
}

extension ListingView: TemplateView {
    /// "Also as Markdown and JSON." as the locale says it, in pieces: the sentence's words as
    /// text, each format's name as a link. The list is joined by ICU around stand-ins the
    /// names replace, so no language's word order or conjunction is assumed here.
    static func twinParts(_ twins: [LinkView], strings: InterfaceStrings) -> [TemplateValue] {
        let marker: Character = "\u{E000}"
        let stand = twins.indices.map { String(marker) + String(UnicodeScalar(0xE100 + $0)!) }
        let sentence = strings.text(.alsoAs, ["formats": strings.list(stand)])
        var parts: [TemplateValue] = []
        var text = ""
        var scalars = sentence.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard Character(scalar) == marker, let which = scalars.next(), twins.indices.contains(Int(which.value) - 0xE100) else {
                text.unicodeScalars.append(scalar)
                continue
            }
            if !text.isEmpty { parts.append(.object(["text": .string(text), "href": .null])) }
            text = ""
            let twin = twins[Int(which.value) - 0xE100]
            parts.append(.object(["text": .string(twin.title), "href": .string(twin.href)]))
        }
        if !text.isEmpty { parts.append(.object(["text": .string(text), "href": .null])) }
        return parts
    }

    var templateObject: TemplateObject {
        var values = TemplateObject(minimumCapacity: 48)
        layout.fill(&values)
        values["title"] = .string(title)
        values["name"] = .string(name)
        values["summary"] = summary.templateValue
        values["comparison"] = comparison?.templateValue ?? .null
        values["trend"] = trend?.templateValue ?? .null
        values["times"] = times?.templateValue ?? .null
        values["action"] = .string(action)
        values["prose"] = .string(prose)
        values["hasProse"] = .bool(hasProse)
        values["front"] = front.templateValue
        values["sectionNavigation"] = sectionNavigation.map { pager in
            .object(["previous": pager.previous?.templateValue ?? .null, "next": pager.next?.templateValue ?? .null])
        } ?? .null
        values["sections"] = .list(sections.map(\.templateValue))
        values["directory"] = .list(directory.map { entry in
            [
                "title": .string(entry.title), "href": .string(entry.href), "count": entry.count.templateValue,
                "countText": .string(layout.strings.counted(.rows, entry.count)),
                "parts": .list(entry.parts.map(\.templateValue)), "hasParts": .bool(!entry.parts.isEmpty),
            ]
        })
        values["hasDirectory"] = .bool(!directory.isEmpty)
        values["isSplit"] = .bool(isSplit)
        values["hasIndex"] = .bool(hasIndex)
        values["isCompactIndex"] = .bool(isCompactIndex)
        values["index"] = .list(index.map { entry in
            [
                "title": .string(entry.title), "id": .string(entry.id), "isEmpty": .bool(entry.isEmpty),
                "href": .string(entry.href), "short": entry.short.templateValue,
            ]
        })
        values["isGrouped"] = .bool(isGrouped)
        values["isCollapsible"] = .bool(isCollapsible)
        values["hasSearch"] = .bool(hasSearch)
        values["count"] = count.templateValue
        values["isEmpty"] = .bool(count == 0)
        values["searchData"] = searchData.templateValue
        values["isSearchEntry"] = .bool(isSearchEntry)
        values["browseData"] = browseData.templateValue
        values["twins"] = .list(twins.enumerated().map { place, twin in
            ["name": .string(twin.title), "href": .string(twin.href), "isFirst": .bool(place == 0), "isLast": .bool(place == twins.count - 1)]
        })
        values["hasTwins"] = .bool(!twins.isEmpty)
        values["twinParts"] = .list(Self.twinParts(twins, strings: layout.strings))
        values["searchLabel"] = .string(layout.strings.text(.searchLabel, ["title": title]))
        values["searchPlaceholder"] = .string(layout.strings.counted(.searchPlaceholder, count))
        values["browse"] = browse?.templateValue ?? .null
        values["isTable"] = .bool(!columns.isEmpty)
        values["columnCount"] = columns.count.templateValue
        values["columns"] = .list(columns.map { column in
            ["label": .string(column.label), "sort": column.sort.templateValue, "isNumeric": .bool(column.isNumeric)]
        })
        return values
    }
}

extension BrowseView: TemplateView {
    var templateObject: TemplateObject {
        [
            "filters": .list(filters.map { filter in
                [
                    "param": .string(filter.param), "legend": .string(filter.legend), "findLabel": .string(filter.findLabel), "kind": .string(filter.kind),
                    "isRange": .bool(filter.kind == "range"), "hasFind": .bool(filter.hasFind),
                    "values": .list(filter.values.map { value in
                        ["number": value.number.templateValue, "title": .string(value.title), "text": .string(value.text), "count": .string(value.count)]
                    }),
                    "inputType": filter.inputType.templateValue, "lowest": filter.lowest.templateValue,
                    "highest": filter.highest.templateValue,
                ]
            }),
            "hasFilters": .bool(!filters.isEmpty),
            "sortOptions": .list(sortOptions.map { ["value": .string($0.value), "text": .string($0.text)] }),
            "hasSorts": .bool(!sortOptions.isEmpty),
            "columns": .string(columns),
            "canDownload": .bool(canDownload),
        ]
    }
}

extension ListingView.PartLink: TemplateView {
    var templateObject: TemplateObject {
        ["guide": .string(guide), "href": .string(href), "isCurrent": .bool(isCurrent)]
    }
}

extension SectionView: TemplateView {
    /// A long section's rows are written as lists of this many, which the browser does not lay
    /// out while off screen (`rows-part` in almanac.css): a section of 48,000 rows in one list
    /// took ten seconds to lay out the first time it scrolled into view.
    static let rowsPerList = 400

    var templateObject: TemplateObject {
        let rows = self.rows
        return [
            "id": .string(id),
            "rowsId": .string("rows-" + id),
            "title": .string(title),
            "hasTitle": .bool(!title.isEmpty),
            "header": .string(header),
            "footer": .string(footer),
            "headerCounts": headerCounts.map { .object(["one": .string($0.one), "many": .string($0.many)]) } ?? .null,
            "footerCounts": footerCounts.map { .object(["one": .string($0.one), "many": .string($0.many)]) } ?? .null,
            "count": count.templateValue,
            // Each row's values are made as the template reaches it and let go after.
            "rows": .lazyList(LazyList(count: rows.count) { rows[$0].templateValue }),
            "rowLists": .lazyList(LazyList(count: (rows.count + Self.rowsPerList - 1) / Self.rowsPerList) { list in
                let start = list * Self.rowsPerList
                let end = min(rows.count, start + Self.rowsPerList)
                return [
                    "rows": .lazyList(LazyList(count: end - start) { rows[start + $0].templateValue }),
                    "isPart": .bool(rows.count > Self.rowsPerList),
                ]
            }),
            "parts": .list(parts.map(\.templateValue)),
            "hasParts": .bool(!parts.isEmpty),
            "partsLabel": .string(partsLabel),
            "status": status.templateValue,
            "rowData": rowData.templateValue,
        ]
    }
}

extension RowView: TemplateView {
    var templateObject: TemplateObject {
        [
            "id": .string(id),
            "number": number.templateValue,
            "label": .string(label),
            "isLabelSearched": .bool(isLabelSearched),
            "fields": .list(fields.map { field in
                [
                    "name": .string(field.name), "label": .string(field.label), "value": .string(field.value),
                    "isSearched": .bool(field.isSearched), "isBlank": .bool(field.value.isEmpty),
                    "isNumeric": .bool(field.isNumeric), "raw": field.raw.templateValue,
                ]
            }),
            "hasFields": .bool(!fields.isEmpty),
            "namesFields": .bool(namesFields),
            "href": href.templateValue,
            "image": image.templateValue,
            "inlineDetail": inlineDetail.map { .list($0.map(\.templateValue)) } ?? .null,
            "hasInlineDetail": .bool(inlineDetail != nil),
            "detailsLabel": detailsLabel.templateValue,
            "accessoryName": accessoryName.templateValue,
            "isChecked": .bool(isChecked),
            "filterValues": filterValues.templateValue,
            "sortRanks": sortRanks.templateValue,
            "status": status.templateValue,
        ]
    }
}

extension DetailView.Shared: TemplateView {
    var templateObject: TemplateObject {
        var values = TemplateObject(minimumCapacity: 16)
        layout.fill(&values)
        values["listingTitle"] = .string(listingTitle)
        values["isGrouped"] = .bool(isGrouped)
        return values
    }
}

extension DetailView: TemplateView {
    var templateObject: TemplateObject {
        [
            "canonical": canonical.templateValue,
            "label": .string(label),
            "fields": .list(fields.map(\.templateValue)),
            "pageTitle": .string(pageTitle),
            "back": .string(back),
            "sectionTitle": .string(sectionTitle),
            "image": image.templateValue,
            "previous": previous.map { .object(["label": .string($0.label), "href": .string($0.href)]) } ?? .null,
            "next": next.map { .object(["label": .string($0.label), "href": .string($0.href)]) } ?? .null,
        ]
    }
}

extension DetailView.Field: TemplateView {
    var templateObject: TemplateObject {
        ["name": .string(name), "html": html.templateValue, "value": value.templateValue, "isPreformatted": .bool(isPreformatted)]
    }
}

extension HomeView.PageLink: TemplateView {
    var templateObject: TemplateObject {
        ["title": .string(title), "href": .string(href), "count": count.templateValue, "isOne": .bool(count == 1), "countText": .string(countText)]
    }
}

extension HomeView: TemplateView {
    var templateObject: TemplateObject {
        var values = TemplateObject(minimumCapacity: 20)
        layout.fill(&values)
        values["title"] = .string(title)
        values["prose"] = .string(prose)
        values["hasProse"] = .bool(!prose.isEmpty)
        values["pages"] = .list(pages.map(\.templateValue))
        return values
    }
}

extension DocumentView: TemplateView {
    var templateObject: TemplateObject {
        [
            "title": .string(title),
            "name": .string(name),
            "summary": summary.templateValue,
            "prose": .string(prose),
            "hasProse": .bool(hasProse),
            "hasIndex": .bool(hasIndex),
            "index": .list(index.enumerated().map { place, entry in
                ["title": .string(entry.title), "anchor": .string(entry.anchor), "isLast": .bool(place == index.count - 1)]
            }),
            "sections": .list(sections.map(\.templateValue)),
            "isTable": .bool(isTable),
            "labelHeading": .string(labelHeading),
            "columns": .list(columns.map { ["name": .string($0)] }),
            "count": count.templateValue,
            "isEmpty": .bool(count == 0),
            "strings": .object(LayoutView.texts(strings)),
        ]
    }
}

extension DocumentView.Section: TemplateView {
    var templateObject: TemplateObject {
        let rows = self.rows
        return [
            "title": .string(title),
            "id": .string(id),
            "anchor": .string(anchor),
            "hasTitle": .bool(!title.isEmpty),
            "needsExplicitAnchor": .bool(needsExplicitAnchor),
            "header": .string(header),
            "footer": .string(footer),
            "count": count.templateValue,
            "isEmpty": .bool(count == 0),
            "rows": .lazyList(LazyList(count: count) { rows($0).templateValue }),
            "isFirst": .bool(isFirst),
        ]
    }
}

extension DocumentView.Row: TemplateView {
    var templateObject: TemplateObject {
        ["label": .string(label), "fields": .list(fields.map { ["name": .string($0.name), "value": .string($0.value)] })]
    }
}

extension DocumentHomeView: TemplateView {
    var templateObject: TemplateObject {
        var values = document.templateObject
        values["pages"] = .list(pages.map(\.templateValue))
        return values
    }
}
