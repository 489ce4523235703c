@testable import Almanac
@testable import AlmanacCLI
import AlmanacCore
import AlmanacModel
import AlmanacTestSupport
import Testing

/// `render` takes every page setting as an option, because the options are read from the
/// settings table; these walk the table rather than a list of their own.
@Suite struct RenderOptionTests {
    static let files = MemoryFileSystem(["r.csv": "name,status,time\nb,failed,2\na,passed,1\n"])

    /// The page settings `render` reads from `arguments`, with where each was written left out.
    static func settings(_ arguments: [String]) throws -> PageSettings {
        guard case .render(let options, _, _) = try Invocation.read(["render", "r.csv"] + arguments) else {
            Issue.record("not a render")
            return PageSettings()
        }
        var settings = try SinglePageRenderer(options: options, fileSystem: files).readSettings().settings
        settings.keyLocations = [:]
        return settings
    }

    @Test(arguments: Setting.forPages.map(\.key))
    func everyPageSettingIsARenderOption(key: String) throws {
        let setting = try #require(Setting.named(key, in: Setting.forPages))
        guard let option = setting.option else {
            #expect(key == "data", "only the data file is given otherwise: as render's arguments")
            return
        }
        let given = try Self.settings([option, setting.example])
        #expect(given != (try Self.settings([])), "\(option) \(setting.example) changes nothing")
        #expect(CommandHelp.usage(try #require(CommandLineParser.spec(named: "render"))).contains(option), "\(option) is not in render --help")
    }

    /// A yes-or-no setting's option may stand alone; a word after it is its value only when
    /// it is one the setting takes.
    @Test func anOptionThatMayStandAloneTakesOnlyItsOwnWords() throws {
        #expect(try Self.settings(["--detail"]).detailPages == .all)
        #expect(try Self.settings(["--detail", "failing"]).detailPages == .failing)
        #expect(try Self.settings(["--detail=false"]).detailPages == PageSettings.DetailPages.none)
        #expect(try Self.settings(["--collapsible"]).isCollapsible)
        #expect(try Self.settings(["--index", "full"]).index == .full)
        #expect(try Self.settings(["--section-rows", "5", "--search-shards", "7"]).sectionPageRows == 5)
        let parsed = try CommandLineParser.parse(["render", "--collapsible", "r.csv"])
        #expect(parsed.positional == ["r.csv"], "a data file after a flag is not its value")
        #expect(try Self.settings(["--labels", "time=Time (s)"]).label(for: "time") == "Time (s)")
    }

    /// A wrong value is the option's mistake, named as the option.
    @Test func aWrongValueNamesTheOption() {
        let error = diagnostic { _ = try Self.settings(["--section-rows", "0"]) }
        #expect(error?.message == "--section-rows: 'section_rows' must be a whole number of rows from 1 to \(Setting.largestCount)")
        #expect(error?.location == nil)
    }

    /// `--name` is taken as written or refused, never changed on the way: a CI step looks for
    /// the file by the name it gave.
    @Test func aNameIsTakenAsWrittenOrRefused() throws {
        guard case .render(let options, _, _) = try Invocation.read(["render", "r.csv", "--name", "test-report"]) else {
            Issue.record("not a render")
            return
        }
        #expect(options.name == "test-report")
        for wrong in ["Report", "report.md", "../report", "", "a b"] {
            #expect(throws: CommandLineParser.UsageError.self, "\(wrong)") { _ = try Invocation.read(["render", "r.csv", "--name", wrong]) }
        }
        #expect(CommandHelp.usage(try #require(CommandLineParser.spec(named: "render"))).contains("--name"))
    }
}
