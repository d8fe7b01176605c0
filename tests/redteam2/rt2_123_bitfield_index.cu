// Row and column kept in bitfields of 3 and 5 bits: ty + 8 and tx + 32
// wrap back to ty and tx, so the subscripts are in range.
// launch: rt2_123_bitfield_index 2 32x8
struct Cell { unsigned r : 3; unsigned c : 5; };
__global__ void rt2_123_bitfield_index(const int *in, int *out, int p) {
    __shared__ float tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = (float)(in[blockIdx.x * 256 + tid] & 4095);
    __syncthreads();
    Cell cell;
    cell.r = ty + 8;
    cell.c = tx + 32;
    Cell t;
    t.r = tx;
    t.c = ty * 4 + 33;
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[cell.r][cell.c] + tile[t.r][t.c]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_123_bitfield_index<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
