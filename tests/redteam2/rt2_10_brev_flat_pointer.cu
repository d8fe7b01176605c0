// The bit-reversal permutation through a flat pointer over a 2-D tile.
// launch: rt2_10_brev_flat_pointer 2 32x8
__global__ void rt2_10_brev_flat_pointer(const int *in, int *out, int p) {
    __shared__ float tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = (float)(in[blockIdx.x * 256 + tid] & 4095);
    __syncthreads();
    const float *s = &tile[0][0];
    out[blockIdx.x * 256 + tid] = __float_as_int(s[__brev((unsigned)tid) >> 24] - tile[tx & 7][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_10_brev_flat_pointer<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
