// The FFT's bit-reversal permutation of 256 points, on a 2-D tile: the
// reversed index is split into row and column, so the subscripts stay in
// range.
// launch: rt2_09_brev_permutation 2 32x8
// expect: rewritten
__global__ void rt2_09_brev_permutation(const int *in, int *out, int p) {
    __shared__ float tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = (float)(in[blockIdx.x * 256 + tid] & 4095);
    __syncthreads();
    const unsigned rev = __brev((unsigned)tid) >> 24;
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[rev >> 5][rev & 31] + tile[tx & 7][ty * 4]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_09_brev_permutation<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
