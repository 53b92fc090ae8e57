-- Lets a write composed into one statement (db/statement.ts) give up as a whole when the
-- database is not as the statement assumed, e.g. a contact it means to insert was created by
-- another request in the meantime: the main query calls this, it raises, and none of the
-- statement's rows are written. The caller recognises the SQLSTATE and takes its slower path.
CREATE FUNCTION postroom_expect(ok boolean, what text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'postroom_expect: %', what USING ERRCODE = 'PRX01';
  END IF;
  RETURN true;
END
$$;
