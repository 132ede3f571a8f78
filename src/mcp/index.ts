// The MCP server at /mcp, derived from the catalog: one tool per service plus list_services, each
// call going through the same run pipeline as POST /api/v1/business/run.
export { allowedOrigins, MCP_PATH, registerMcpRoutes } from './http.ts';
export { type Answer, createMcpServer, SERVER_INFO, type ToolBackend, toToolResult } from './server.ts';
export {
  DELIVER_CHECKOUT,
  GET_JOB,
  LIST_SERVICES,
  runBody,
  serviceForTool,
  toolList,
  toolName,
} from './tools.ts';
