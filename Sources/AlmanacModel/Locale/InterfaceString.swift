/// Every word Almanac itself puts on a page, by the key its strings tables give it under
/// (`Templates/strings/<locale>.yaml`). Data never passes through here: only the interface
/// around it — search, filters, navigation, counts.
public enum InterfaceString: String, CaseIterable, Sendable {
    case skipToSearch = "skip_to_search"
    case skipToIndex = "skip_to_index"
    case skipToList = "skip_to_list"
    case searchShortcut = "search_shortcut"
    case searchLabel = "search_label"
    case searchPlaceholder = "search_placeholder"
    case cancel
    case noResults = "no_results"
    /// "No results for “{query}”. Did you mean {suggestion}?": `{suggestion}` becomes a button.
    case didYouMean = "did_you_mean"
    case results
    case resultsSoFar = "results_so_far"
    case resultsOver = "results_over"
    case searchUnavailable = "search_unavailable"
    case showingFirstSearch = "showing_first_search"
    case typeAtLeast = "type_at_least"
    case typeAtLeastEach = "type_at_least_each"
    case typeAtLeastThese = "type_at_least_these"
    case filters
    case filtersUnavailable = "filters_unavailable"
    case rangeFrom = "range_from"
    case rangeTo = "range_to"
    case findIn = "find_in"
    case findPlaceholder = "find_placeholder"
    case sortBy = "sort_by"
    case sortSections = "sort_sections"
    case sortPageOrder = "sort_page_order"
    case sortAToZ = "sort_a_to_z"
    case sortZToA = "sort_z_to_a"
    case sortLowestFirst = "sort_lowest_first"
    case sortHighestFirst = "sort_highest_first"
    case sortOldestFirst = "sort_oldest_first"
    case sortNewestFirst = "sort_newest_first"
    case sortedBy = "sorted_by"
    case inPageOrder = "in_page_order"
    case downloadShown = "download_shown"
    case removeFilter = "remove_filter"
    case clearAll = "clear_all"
    case showingFirstFilters = "showing_first_filters"
    case showMoreResults = "show_more_results"
    case sectionIndex = "section_index"
    case sections
    case pagesOf = "pages_of"
    case previousAndNext = "previous_and_next"
    case details
    case detailsOf = "details_of"
    case noRows = "no_rows"
    case alsoAs = "also_as"
    case none
    case trueValue = "true_value"
    case falseValue = "false_value"
    case rows

    // A test report: its summary line, the tables of time and of runs, and a Markdown summary
    // cut to fit a job summary's size.
    case reportTests = "report_tests"
    case reportSummary = "report_summary"
    case reportSeparator = "report_separator"
    case reportPassed = "report_passed"
    case reportFailed = "report_failed"
    case reportErrors = "report_errors"
    case reportSkipped = "report_skipped"
    case reportOther = "report_other"
    case reportNew = "report_new"
    case reportFixed = "report_fixed"
    case reportFlaky = "report_flaky"
    case reportAdded = "report_added"
    case reportRemoved = "report_removed"
    case reportSinceBaseline = "report_since_baseline"
    case reportAside = "report_aside"
    case reportSlowest = "report_slowest"
    case reportTimeBySuite = "report_time_by_suite"
    case reportSlower = "report_slower"
    case reportRemovedTests = "report_removed_tests"
    case reportAndMore = "report_and_more"
    case reportRunsTable = "report_runs_table"
    case reportTrendCaption = "report_trend_caption"
    case reportTrendRun = "report_trend_run"
    case reportTrendRuns = "report_trend_runs"
    case reportLastRuns = "report_last_runs"
    case reportFailures = "report_failures"
    case reportOutput = "report_output"
    case reportNewTest = "report_new_test"
    case reportPreviously = "report_previously"
    case reportRuns = "report_runs"
    case reportNoResults = "report_no_results"
    case reportRepeatsRuns = "report_repeats_runs"
    case reportRepeatsAttempts = "report_repeats_attempts"
    case columnTest = "column_test"
    case columnSuite = "column_suite"
    case columnTime = "column_time"
    case columnTests = "column_tests"
    case columnBefore = "column_before"
    case columnNow = "column_now"
    case columnRun = "column_run"
    case columnFailed = "column_failed"
    case columnErrors = "column_errors"
    case columnFlaky = "column_flaky"
    case columnSkipped = "column_skipped"
    case columnStatus = "column_status"
    case columnMessage = "column_message"
    case columnAttempts = "column_attempts"
    case columnFlips = "column_flips"
    case columnRepeat = "column_repeat"
    case durationMilliseconds = "duration_ms"
    case durationSeconds = "duration_s"
    case durationMinutes = "duration_m_s"
    case durationHours = "duration_h_m"
    case budgetLeftOut = "budget_left_out"
    case budgetFullReport = "budget_full_report"
    case budgetBrief = "budget_brief"
    case budgetFailures = "budget_failures"
    case budgetList = "budget_list"
    case budgetListBySuite = "budget_list_by_suite"
    case budgetRowsIn = "budget_rows_in"
    case budgetSlowest = "budget_slowest"
    case budgetSlowestAndSuites = "budget_slowest_and_suites"
    // A test report's outcomes, as its sections are titled.
    case outcomeNewFailure = "outcome_new_failure"
    case outcomeNewError = "outcome_new_error"
    case outcomeFixed = "outcome_fixed"
    case outcomeStillFailing = "outcome_still_failing"
    case outcomeStillErroring = "outcome_still_erroring"
    case outcomeFailed = "outcome_failed"
    case outcomeError = "outcome_error"
    case outcomeFlaky = "outcome_flaky"
    case outcomeSkipped = "outcome_skipped"
    case outcomePassed = "outcome_passed"

    /// The words for a test's status or outcome as reports write it (`new failure`), or nil
    /// for a value of the data's own.
    public static func outcome(_ value: String) -> InterfaceString? {
        switch value {
        case "new failure": .outcomeNewFailure
        case "new error": .outcomeNewError
        case "fixed": .outcomeFixed
        case "still failing": .outcomeStillFailing
        case "still erroring": .outcomeStillErroring
        case "failed": .outcomeFailed
        case "error": .outcomeError
        case "flaky": .outcomeFlaky
        case "skipped": .outcomeSkipped
        case "passed": .outcomePassed
        default: nil
        }
    }
}
