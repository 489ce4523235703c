import AlmanacCore
import AlmanacModel
import Testing

/// What a page reads of every row decides what a large table keeps in memory: too little costs
/// speed (a read from the disk per row), never a wrong page; it must at least name every field
/// the settings name.
extension PageSettingsTests {
    @Test func theFieldsReadPerRowAreEveryFieldTheSettingsName() throws {
        let page = try settings([
            "label": .string("company"), "fields": .list([.string("city"), .string("founded")]),
            "search": .list([.string("company"), .string("sector")]), "sort": .string("-employees"),
            "group": .string("year:founded"), "image": .string("logo"),
        ])
        let read = try #require(page.fieldsReadPerRow)
        #expect(read.isSuperset(of: ["company", "city", "founded", "sector", "employees", "logo"]))
        #expect(!read.contains("description"))
        #expect(try settings(["group": .string("region"), "search": .bool(false)]).fieldsReadPerRow?.contains("region") == true)
    }

    @Test func aPageSearchingEveryTextFieldCannotSay() throws {
        #expect(try settings(["label": .string("company")]).fieldsReadPerRow == nil)
    }
}
