// A column from a float computation, (int)(tx * 1.5f): up to 46, past the row.
// launch: rt2_124_float_to_int_index 2 32x8
__global__ void rt2_124_float_to_int_index(const int *in, int *out, int p) {
    __shared__ float tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = (float)(in[blockIdx.x * 256 + tid] & 4095);
    __syncthreads();
    const int c = (int)(tx * 1.5f);
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[ty & 3][c] + tile[tx & 7][__float2int_rz(ty * 0.5f)]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_124_float_to_int_index<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
