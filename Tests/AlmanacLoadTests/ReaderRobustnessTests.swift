import AlmanacCore
import AlmanacLoad
import AlmanacTestSupport
import Testing

/// Hostile input never crashes or hangs a reader: every mutation of a valid file either reads
/// or fails with a diagnostic. The mutations come from a fixed seed, so a failure reproduces.
@Suite struct ReaderRobustnessTests {
    static let seeds: [(String, String)] = [
        ("data.json", #"[{"name": "Åland", "n": 1.5e3, "tags": ["a", {"b": null}], "ok": true}, {"name": "\u00e9\ud83d\ude00"}]"#),
        ("data.ndjson", "{\"a\": 1}\n{\"b\": [true, false]}\n"),
        ("data.csv", "name,note\n\"Smith, J\",\"say \"\"hi\"\"\nthere\"\r\nÖ,2024-01-02\n"),
        ("data.tsv", "name\tnote\nA\tb\n"),
        ("data.yaml", "- name: a\n  list: [1, 2]\n- &x {name: b}\n- *x\n- name: 'q: x'\n"),
        ("data.plist", "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>a</key><array><string>x</string><integer>1</integer></array></dict></plist>"),
        ("data.xml", "<?xml version=\"1.0\"?><testsuites><testsuite name=\"s &amp; t\" file=\"a.py\"><testcase name=\"ok\" time=\"1.5\" line=\"3\"/><testcase name=\"no\"><failure message=\"x\"><![CDATA[E <a>]]></failure><system-out>o</system-out></testcase></testsuite></testsuites>"),
    ]

    static let interesting: [UInt8] = Array("\"'{}[],:\\\n\r\t-#&*!|>%@`0e.</=;".utf8) + [0x00, 0xC3, 0xA9, 0xFF, 0xEF, 0xBB, 0xBF, 0xF0]

    @Test(arguments: seeds.map(\.0))
    func mutatedInputReadsOrFailsCleanly(path: String) {
        let seed = Self.seeds.first { $0.0 == path }?.1 ?? ""
        var random = SeededGenerator(seed: UInt64(path.utf8.count) &* 7919)
        for _ in 0..<400 {
            var bytes = Array(seed.utf8)
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where !bytes.isEmpty: bytes.remove(at: position)
                case 1: bytes.insert(Self.interesting.randomElement(using: &random) ?? 0, at: position)
                case 2 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &random)
                default: bytes = Array(bytes.prefix(position))
                }
            }
            do {
                _ = try DataReader.read(bytes, path: path)
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
    }

    @Test func frontMatterSurvivesGarbage() {
        var random = SeededGenerator(seed: 42)
        for _ in 0..<300 {
            var bytes = Array("---\ntitle: x\nfields: [a, b]\n---\nBody *text*\n".utf8)
            let position = Int.random(in: 0..<bytes.count, using: &random)
            bytes[position] = Self.interesting.randomElement(using: &random) ?? 0
            _ = try? FrontMatter.parse(bytes, path: "p.md")
        }
    }
}
