// A reference to an element, float &mine = tile[r][tx], taken before r
// moves on: it keeps naming the element it was bound to.
// launch: rt2_125_element_reference_then_move 2 32x8
__global__ void rt2_125_element_reference_then_move(const int *in, int *out, int p) {
    __shared__ float tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = (float)(in[blockIdx.x * 256 + tid] & 4095);
    __syncthreads();
    int r = ty;
    float &mine = tile[r][tx];
    r = (r + 1) & 7;
    const float below = tile[r][tx];
    __syncthreads();
    mine += below;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[tx & 7][ty * 4]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_125_element_reference_then_move<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
