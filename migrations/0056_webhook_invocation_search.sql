-- GET /webhooks/{id}/invocations takes `search` like every list: free text looks through
-- search_text, which attempts were saved without. Existing attempts get their values here
-- (id, webhook, event, type, statusCode, orderID, createdAt), lower-cased as searchTextOf does.
UPDATE webhook_invocations
   SET search_text = lower(array_to_string(ARRAY(SELECT value FROM jsonb_each_text(doc)), ' '))
 WHERE search_text = '';
