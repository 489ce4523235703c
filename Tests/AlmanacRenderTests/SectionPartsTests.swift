import AlmanacCore
import AlmanacModel
import Testing
@testable import AlmanacRender

@Suite struct SectionPartsTests {
    static func section(_ labels: [String]) -> Section {
        let rows = labels.enumerated().map { index, label in
            Row(label: label, record: Record(fields: Object(), location: SourceLocation(path: "x.csv")), slug: "r\(index)")
        }
        return Section(title: "A", id: "a", rows: rows)
    }

    @Test func aSectionThatFitsIsOnePageWithoutGuides() {
        let parts = SectionParts(Self.section(["Abbey", "Acre"]), rowsPerPage: 2)
        #expect(parts.ranges == [0..<2])
        #expect(parts.guides.isEmpty)
    }

    @Test func aLongSectionIsCutIntoPagesOfEvenSize() {
        let parts = SectionParts(Self.section((0..<2001).map { "A\($0)" }), rowsPerPage: 1000)
        #expect(parts.ranges == [0..<667, 667..<1334, 1334..<2001])
        #expect(parts.part(of: 666) == 0 && parts.part(of: 667) == 1 && parts.part(of: 2000) == 2)
    }

    /// A printed index heads its pages with whole words, never `deterioratin` or `Doni`.
    @Test func guidesAreWholeWords() {
        let parts = SectionParts(Self.section(["Aaron", "Abbey", "Abbott", "Azure"]), rowsPerPage: 2)
        #expect(parts.guides == ["Aaron–Abbey", "Abbott–Azure"])
    }

    /// Labels that begin with the same word across a page boundary take as many more words as
    /// keep them apart; past thirty characters the guide ends at a word's end with an ellipsis.
    @Test func sharedFirstWordsTakeMoreWordsAndLongGuidesEndAtAWord() {
        let parts = SectionParts(Self.section(["Ashe Ann", "Ashe Bo", "Ashe Carl Sr", "Ashe Dee"]), rowsPerPage: 2)
        #expect(parts.guides == ["Ashe–Ashe Bo", "Ashe Carl–Ashe"])
        #expect(SectionParts.guideWords("deterioration of the upper western ridge", against: "deterioration of the upper eastern ridge")
            == "deterioration of the upper…")
        #expect(SectionParts.guideWords("Donizetti", against: "Doniphan") == "Donizetti")
    }

    @Test func noPageIsEmpty() {
        for count in 1...40 {
            for limit in 1...12 {
                let parts = SectionParts(Self.section((0..<count).map { "A\($0)" }), rowsPerPage: limit)
                #expect(parts.ranges.allSatisfy { !$0.isEmpty && $0.count <= limit })
                #expect(parts.ranges.map(\.count).reduce(0, +) == count)
            }
        }
    }
}
