-- Neovim (0.7+) as a second, real LSP client: push diagnostics, a plain hover request.
-- Inputs come through the environment (Lua's `arg` is nil under -c "luafile"):
--   RH_SERVER  the server's launcher, RH_FILE  the file to open.
-- Prints one JSON line that the test parses, then quits.
local server = os.getenv('RH_SERVER')
local file = os.getenv('RH_FILE')
local result = { ok = false }

local function finish()
  io.stdout:write(vim.fn.json_encode(result) .. '\n')
  vim.cmd('qa!')
end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({
    name = 'retry-hygiene',
    cmd = { 'node', server, '--stdio' },
    root_dir = vim.fn.fnamemodify(file, ':h'),
  })
  result.client = id ~= nil
  vim.lsp.buf_attach_client(bufnr, id)
  vim.wait(15000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)
  local client = vim.lsp.get_client_by_id(id)
  result.pull = client and client.server_capabilities and client.server_capabilities.diagnosticProvider ~= nil
  result.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(result.diagnostics, {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, source = d.source, message = d.message,
      code = d.user_data and d.user_data.lsp and d.user_data.lsp.code or vim.NIL,
    })
  end
  -- A hover on the loop head, as `K` would send it.
  local hover = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    position = { line = 3, character = 3 },
  }, 10000)
  local value = vim.NIL
  for _, response in pairs(hover or {}) do
    if response.result and response.result.contents then value = response.result.contents.value end
  end
  result.hover = value
  vim.lsp.stop_client(id)
  result.ok = true
end)
if not ok then result.error = tostring(err) end
finish()
