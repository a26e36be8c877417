// The Item Number picker's search (methods/listSearch.ts) on answers the other tests do not give: a Get Sellable 200
// that is empty or JSON null, a token carrying a page size of 1, a later page shorter than asked, a first page longer
// than asked, and search text longer than the 100 characters its "no match" message quotes.
import {
  NodeApiError,
  type IDataObject,
  type ILoadOptionsFunctions,
} from "n8n-workflow";

import {
  SKU_PAGE_SIZE,
  SKU_SEARCH_BUDGET_MS,
  searchSkus,
} from "../../nodes/WineFulfillment/methods/listSearch";
import { fakeContext, type FakeAnswer, type SentRequest } from "./fakeContext";

const skus = (n: number, prefix: string, description = "Merlot 750 ml") =>
  Array.from({ length: n }, (_, i) => ({
    ItemNo: `${prefix}-${i + 1}`,
    ItemDescription: description,
  }));

/** A search against `answer`; `asked`: the pages read (PageNumber, PageSize), the lookup by item number left out. */
function picker(answer: (request: SentRequest) => FakeAnswer) {
  const c = fakeContext(answer);
  return {
    search: async (filter?: string, token?: string) =>
      await searchSkus.call(
        c.ctx as unknown as ILoadOptionsFunctions,
        filter,
        token,
      ),
    asked: () =>
      c.sent
        .filter((r) => r.body.PageNumber !== undefined)
        .map((r) => [r.body.PageNumber, r.body.PageSize]),
    sent: c.sent,
  };
}

/** Answers page N with pages[N - 1], whatever size was asked; the lookup by item number finds nothing. */
const paged = (pages: IDataObject[]) =>
  picker((request) => {
    if (request.body.ItemNumbers) return { body: { Items: [] } };
    const page = pages[Number(request.body.PageNumber) - 1];
    if (!page)
      throw new Error(
        `page ${String(request.body.PageNumber)} was not expected`,
      );
    return { body: page };
  });

describe("searchSkus: a Get Sellable answer that is no object", () => {
  it.each([
    ["empty", ""],
    ["JSON null", "null"],
  ])(
    'fails on a 200 answer that is %s, naming what came back, as a run does (not "No results": the editor would ask no more)',
    async (_shape, body) => {
      const p = picker(() => ({ body }));
      await expect(p.search()).rejects.toThrow("The provider answered a page with");
      await expect(p.search("cab-1")).rejects.toThrow("The provider answered a page with");
      // the whole item number's lookup fails as the pages do
      expect(
        p.sent.map((r) => r.body.ItemNumbers ?? r.body.PageNumber),
      ).toEqual([1, ["cab-1", "CAB-1"]]);
    },
  );
});

describe("searchSkus: the provider's page size", () => {
  it("goes on in a page size of 1 carried by the token", async () => {
    const p = paged([
      { Items: skus(1, "MER1"), TotalRecordCount: 3 },
      { Items: skus(1, "MER2"), TotalRecordCount: 3 },
      { Items: skus(1, "CAB", "Cabernet"), TotalRecordCount: 3 },
    ]);
    expect(await p.search("cabernet", "2/1")).toEqual({
      results: [{ name: "CAB-1 (Cabernet)", value: "CAB-1" }],
    });
    expect(p.asked()).toEqual([
      [2, 1],
      [3, 1],
    ]);
  });

  it("reads a total of 0 beside SKUs as no total (a count not made): full pages go on", async () => {
    const p = paged([
      { Items: skus(SKU_PAGE_SIZE, "MER1"), TotalRecordCount: 0 },
      { Items: skus(SKU_PAGE_SIZE, "MER2"), TotalRecordCount: 0 },
      { Items: [{ ItemNo: "CAB-9", ItemDescription: "Cabernet" }], TotalRecordCount: 0 },
    ]);
    expect(await p.search("cabernet")).toEqual({
      results: [{ name: "CAB-9 (Cabernet)", value: "CAB-9" }],
    });
    expect(p.asked()).toEqual([
      [1, SKU_PAGE_SIZE],
      [2, SKU_PAGE_SIZE],
      [3, SKU_PAGE_SIZE],
    ]);
  });

  it("keeps the size it asks when a later page comes shorter than asked: only the first page shows the provider's size", async () => {
    const total = 3 * SKU_PAGE_SIZE;
    const p = paged([
      { Items: skus(SKU_PAGE_SIZE, "MER1"), TotalRecordCount: total },
      { Items: skus(SKU_PAGE_SIZE - 100, "MER2"), TotalRecordCount: total },
      {
        Items: [
          ...skus(SKU_PAGE_SIZE - 1, "MER3"),
          { ItemNo: "CAB-9", ItemDescription: "Cabernet" },
        ],
        TotalRecordCount: total,
      },
    ]);
    expect(await p.search("cabernet")).toEqual({
      results: [{ name: "CAB-9 (Cabernet)", value: "CAB-9" }],
    });
    expect(p.asked()).toEqual([
      [1, SKU_PAGE_SIZE],
      [2, SKU_PAGE_SIZE],
      [3, SKU_PAGE_SIZE],
    ]);
  });

  it("never asks a size above its own when the first page comes longer than asked", async () => {
    const p = paged([
      { Items: skus(SKU_PAGE_SIZE + 100, "MER1") },
      { Items: [{ ItemNo: "CAB-9", ItemDescription: "Cabernet" }] },
    ]);
    expect(await p.search("cabernet")).toEqual({
      results: [{ name: "CAB-9 (Cabernet)", value: "CAB-9" }],
    });
    expect(p.asked()).toEqual([
      [1, SKU_PAGE_SIZE],
      [2, SKU_PAGE_SIZE],
    ]);
  });
});

describe('searchSkus: the search text its "no match" message quotes', () => {
  afterEach(() => jest.restoreAllMocks());

  /** The message of a first search for `typed` that reads two full pages, half the budget each, without a match. */
  async function noMatch(typed: string): Promise<string> {
    let now = 1_000_000;
    jest.spyOn(Date, "now").mockImplementation(() => now);
    const p = picker((request) => {
      if (request.body.ItemNumbers) return { body: { Items: [] } };
      now += SKU_SEARCH_BUDGET_MS / 2;
      return {
        body: {
          Items: skus(SKU_PAGE_SIZE, "MER"),
          TotalRecordCount: 10 * SKU_PAGE_SIZE,
        },
      };
    });
    const error = await p.search(typed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeApiError);
    return (error as NodeApiError).message;
  }

  it("quotes text of 100 characters whole", async () => {
    const typed = "z".repeat(100);
    expect(await noMatch(typed)).toBe(
      `No SKU matches "${typed}" among the first 1,000 of the account's 5,000 SKUs`,
    );
  });

  it("quotes longer text to its first 100 characters, marked as cut", async () => {
    const typed = `${"y".repeat(100)}zzz`;
    expect(await noMatch(typed)).toBe(
      `No SKU matches "${"y".repeat(100)}…" among the first 1,000 of the account's 5,000 SKUs`,
    );
  });
});
