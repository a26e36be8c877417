// The API credential's Test button on 200 answers that carry words of the sign-in (n8n-core's CredentialTestContext,
// against the sandbox): only an answer without records whose message says authentication failed is a refusal; a page
// with records, or a member merely named for the sign-in, passes; the provider's message is quoted to 300 characters.
import { CREDENTIAL_REFUSED } from "../../nodes/WineFulfillment/methods/credentialTest";
import { testCredential } from "../harness/credentialTest";
import { sandboxCredential } from "../harness/harness";
import { useSandbox } from "../harness/sandbox";

const fx = useSandbox({ inventoryRecords: 5 });

const pressTest = async () =>
  await testCredential(
    "wineFulfillmentApi",
    sandboxCredential(fx.sandbox.baseUrl),
  );

describe("the API credential's Test button, on a 200 answer", () => {
  it("passes for a page with records whose message speaks of the credentials: the records were read with them", async () => {
    await fx.control.fault({
      kind: "rewrite",
      path: "GetStatus",
      set: { Message: "Authenticated: credentials of customer 1001 accepted" },
    });
    const result = await pressTest();
    expect(result).toEqual({
      status: "OK",
      message:
        "Connection successful: the provider accepted the credentials at this Base URL",
    });
    const [sent] = await fx.control.requests("GetStatus");
    expect(sent.status).toBe(200);
  });

  it("passes for an account with no inventory whose answer has no message, only a member named for the sign-in", async () => {
    await fx.control.fault({
      kind: "status",
      status: 200,
      path: "GetStatus",
      body: {
        TotalRecordCount: 0,
        WarehouseInventoryStatuses: [],
        AuthenticatedAs: "customer 1001",
      },
    });
    expect(await pressTest()).toEqual({
      status: "OK",
      message:
        "Connection successful: the provider accepted the credentials at this Base URL",
    });
  });

  it("quotes at most 300 characters of the provider's message that authentication failed", async () => {
    const said = `Authentication failed: invalid UserKey. ${"0123456789".repeat(40)}`;
    await fx.control.fault({
      kind: "status",
      status: 200,
      path: "GetStatus",
      body: {
        Message: said,
        TotalRecordCount: 0,
        WarehouseInventoryStatuses: null,
      },
    });
    expect(await pressTest()).toEqual({
      status: "Error",
      message: `${CREDENTIAL_REFUSED}. The provider said: ${said.slice(0, 300)}`,
    });
  });
});
