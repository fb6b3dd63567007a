import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithShop } from '../test/render.tsx';
import { QuantityBox } from './QuantityBox.tsx';
import { clampQuantity, decrement, increment } from './quantity.ts';

function Harness({ stock }: { stock: number }) {
  const [value, setValue] = useState(1);
  return <QuantityBox value={value} countInStock={stock} onChange={setValue} />;
}

describe('quantity bounds', () => {
  it('never goes below 1 nor above countInStock', () => {
    expect(decrement(1, 5)).toBe(1);
    expect(increment(5, 5)).toBe(5);
    expect(increment(2, 5)).toBe(3);
    expect(clampQuantity(9, 3)).toBe(3);
    expect(clampQuantity(-2, 3)).toBe(1);
    expect(clampQuantity(Number.NaN, 3)).toBe(1);
    expect(increment(1, 0)).toBe(1);
  });

  it('stops the minus button at 1 and the plus button at the stock count', () => {
    renderWithShop(<Harness stock={3} />);
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    expect(screen.getByTestId('quantity')).toHaveTextContent('1');
    expect(minus).toBeDisabled();
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(screen.getByTestId('quantity')).toHaveTextContent('3');
    expect(plus).toBeDisabled();
    fireEvent.click(plus);
    expect(screen.getByTestId('quantity')).toHaveTextContent('3');
    fireEvent.click(minus);
    fireEvent.click(minus);
    expect(screen.getByTestId('quantity')).toHaveTextContent('1');
    expect(minus).toBeDisabled();
  });
});
