import Testing
@testable import MarqueeCore

/// Where zones go (docs/zones.md, "Layout").
@Suite("Zone plan")
struct ZonePlanTests {
    @Test("a left label beside the main sign's LED rows; status rows below, from the left edge")
    func side() {
        let plan = ZonePlan(columns: 100, rows: 24, zones: [SignZone(edge: .left, texts: ["OPEN"])], ledAreaRows: 22,
                            sideCells: [.left: 20])
        #expect(plan.mainColumns == 80 && plan.mainRows == 24)
        #expect(plan.region(of: .left, mainLEDRows: 22) == .init(column: 0, row: 0, columns: 20, rows: 22))
    }

    @Test("a side zone takes at most a third of the width")
    func sideCap() {
        let plan = ZonePlan(columns: 60, rows: 10, zones: [SignZone(edge: .right, texts: ["x"])], ledAreaRows: 8,
                            sideCells: [.right: 55])
        #expect(plan.right == 20 && plan.mainColumns == 40)
        #expect(plan.region(of: .right, mainLEDRows: 8).column == 40)
    }

    @Test("top and bottom split the LED area's rows: halves for one, thirds for two")
    func lines() {
        let one = ZonePlan(columns: 80, rows: 24, zones: [SignZone(edge: .bottom, texts: ["x"])], ledAreaRows: 22, sideCells: [:])
        #expect(one.bottom == 11 && one.top == 0 && one.mainRows == 13)
        #expect(one.region(of: .bottom, mainLEDRows: 11) == .init(column: 0, row: 11, columns: 80, rows: 11))
        let two = ZonePlan(columns: 80, rows: 24, zones: [SignZone(edge: .top, texts: ["x"]), SignZone(edge: .bottom, texts: ["y"])],
                           ledAreaRows: 22, sideCells: [:])
        #expect(two.top == 7 && two.bottom == 7 && two.mainRows == 10)
        #expect(two.region(of: .top, mainLEDRows: 8).row == 0)
        #expect(two.region(of: .bottom, mainLEDRows: 8).row == 15)
    }

    @Test("all four edges: every region inside the terminal, none overlapping another", arguments: [(20, 6), (100, 24), (7, 3), (0, 0)])
    func four(columns: Int, rows: Int) {
        let zones = SignZone.Edge.allCases.map { SignZone(edge: $0, texts: ["x"]) }
        let plan = ZonePlan(columns: columns, rows: rows, zones: zones, ledAreaRows: max(0, rows - 2),
                            sideCells: [.left: 9, .right: 9])
        let led = max(0, rows - 2 - plan.top - plan.bottom)
        let regions = SignZone.Edge.allCases.map { plan.region(of: $0, mainLEDRows: led) }
        var taken = Set<[Int]>()
        for region in regions {
            #expect(region.column >= 0 && region.column + region.columns <= columns && region.row + region.rows <= rows)
            for row in region.row..<(region.row + region.rows) {
                for column in region.column..<(region.column + region.columns) {
                    #expect(taken.insert([row, column]).inserted, "cell \(row),\(column) in two zones")
                }
            }
        }
        #expect(plan.mainColumns >= 0 && plan.mainRows >= 0)
    }
}
