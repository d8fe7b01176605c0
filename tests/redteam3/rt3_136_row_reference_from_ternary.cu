// A reference to a row chosen by a conditional (int (&row)[32] = odd ?
// tile[ty] : tile[ty + 1]), indexed past its end.
// launch: rt3_136_row_reference_from_ternary 2 32x8
static __global__ void rt3_136_row_reference_from_ternary(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    int (&row)[32] = (tx & 1) ? tile[ty] : tile[ty + 1];
    out[blockIdx.x * 256 + tid] = row[tx] + 2 * (&row[0])[tx + 32] + tile[tx % 16][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_136_row_reference_from_ternary<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
