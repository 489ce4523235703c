import AlmanacCore
import AlmanacModel
import AlmanacRender
import Testing

/// The CSV and NDJSON twins: every row, every field, in page order.
@Suite struct PageRowsTests {
    static let things: [[String: Value]] = [
        ["name": .string("Banana"), "note": .string("yellow, \"ripe\"\nsoft"), "count": .number(Number(text: "1.50", value: 1.5))],
        ["name": .string("Apple"), "tags": .list([.string("red"), .string("sweet")]), "ok": .bool(true)],
        ["name": .string("Cherry"), "size": .object(Object([.init(name: "cm", value: .number(Number(2)))])), "note": .null],
    ]

    @Test func csvHasAHeaderOfEveryFieldAndQuotesWhatNeedsIt() throws {
        let files = try HTMLRendererTests.render(Self.things, formats: [.csv])
        let csv = try #require(files["things.csv"])
        #expect(csv == """
            name,ok,tags,count,note,size\r
            Apple,true,red; sweet,,,\r
            Banana,,,1.50,"yellow, ""ripe""
            soft",\r
            Cherry,,,,,"{""cm"":2}"\r

            """, "the fields in the order they first appear, a null as nothing")
    }

    @Test func ndjsonIsOneCompactObjectPerRowAsTheDataTypedIt() throws {
        let files = try HTMLRendererTests.render(Self.things, formats: [.ndjson])
        let lines = try #require(files["things.ndjson"]).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines == [
            #"{"name":"Apple","ok":true,"tags":["red","sweet"]}"#,
            #"{"count":1.50,"name":"Banana","note":"yellow, \"ripe\"\nsoft"}"#,
            #"{"name":"Cherry","note":null,"size":{"cm":2}}"#,
            "",
        ])
    }
}
