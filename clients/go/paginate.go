package coin

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"reflect"
)

// ListFunc asks for one page of a list: the first with cursor nil, each later one with the
// previous page's nextCursor. It returns the generated response (e.g.
// *api.ListMyTransactionsResponse) or its JSON200 page.
//
// Every list of the API answers hasMore and nextCursor and takes cursor=<nextCursor> with the
// same other parameters for the next page; a list that starts at an offset or a page number
// takes the cursor instead of them, so a ListFunc sends those only while cursor is nil.
type ListFunc[P any] func(ctx context.Context, cursor *string) (P, error)

// Pages walks every page of a list, first to last, asking for each only as the loop goes on:
//
//	for page, err := range coin.Pages(ctx, func(ctx context.Context, cursor *string) (*api.ListMyTransactionsResponse, error) {
//		return c.ListMyTransactionsWithResponse(ctx, &api.ListMyTransactionsParams{Limit: coin.Ptr("50"), Cursor: cursor})
//	}) { ... }
//
// It yields an error and stops, rather than loop or stop silently, when a page says hasMore
// without a new cursor.
func Pages[P any](ctx context.Context, list ListFunc[P]) iter.Seq2[P, error] {
	return func(yield func(P, error) bool) {
		var cursor *string
		seen := map[string]bool{}
		for {
			page, err := list(ctx, cursor)
			if err != nil {
				yield(page, err)
				return
			}
			shape, err := pageShapeOf(page)
			if err != nil {
				yield(page, err)
				return
			}
			if !yield(page, nil) || !shape.hasMore {
				return
			}
			var zero P
			if shape.nextCursor == nil {
				yield(zero, errors.New("coin: the API answered hasMore with no nextCursor (an offset past the list's reach): read this list with its keyset form or filters"))
				return
			}
			if seen[*shape.nextCursor] {
				yield(zero, fmt.Errorf("coin: the API answered the same cursor twice (%s): stopped instead of looping", *shape.nextCursor))
				return
			}
			seen[*shape.nextCursor] = true
			cursor = shape.nextCursor
		}
	}
}

// Items walks every item of a list, page after page: the elements of each page's one list of T
// (transactions, holds, users, ...). T is named, the page type is inferred:
//
//	for tx, err := range coin.Items[api.Transaction](ctx, listFunc) { ... }
func Items[T any, P any](ctx context.Context, list ListFunc[P]) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		for page, err := range Pages(ctx, list) {
			if err != nil {
				yield(zero, err)
				return
			}
			items, err := itemsOf[T](page)
			if err != nil {
				yield(zero, err)
				return
			}
			for _, item := range items {
				if !yield(item, nil) {
					return
				}
			}
		}
	}
}

// Ptr is a pointer to v: the generated parameters' optional fields are pointers.
func Ptr[T any](v T) *T { return &v }

type pageShape struct {
	hasMore    bool
	nextCursor *string
}

// pageStruct is the page itself: the value, or what its pointers and a response's JSON200 hold.
func pageStruct(page any) (reflect.Value, error) {
	v := reflect.ValueOf(page)
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return v, errors.New("coin: the list answered no page (nil)")
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return v, fmt.Errorf("coin: a page is a struct, not %s", v.Type())
	}
	if body := v.FieldByName("JSON200"); body.IsValid() {
		return pageStruct(body.Interface())
	}
	return v, nil
}

func pageShapeOf(page any) (pageShape, error) {
	v, err := pageStruct(page)
	if err != nil {
		return pageShape{}, err
	}
	hasMore, next := v.FieldByName("HasMore"), v.FieldByName("NextCursor")
	if !hasMore.IsValid() || hasMore.Kind() != reflect.Bool || !next.IsValid() || next.Type() != reflect.TypeFor[*string]() {
		return pageShape{}, fmt.Errorf("coin: %s is no page: it has no HasMore bool and NextCursor *string", v.Type())
	}
	return pageShape{hasMore: hasMore.Bool(), nextCursor: next.Interface().(*string)}, nil
}

func itemsOf[T any](page any) ([]T, error) {
	v, err := pageStruct(page)
	if err != nil {
		return nil, err
	}
	for i := range v.NumField() {
		if items, ok := v.Field(i).Interface().([]T); ok {
			return items, nil
		}
	}
	return nil, fmt.Errorf("coin: %s has no list of %s", v.Type(), reflect.TypeFor[T]())
}
