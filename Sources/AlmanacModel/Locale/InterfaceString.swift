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
}
