// A launch recorded into a CUDA graph by stream capture
// (cudaStreamBeginCapture / EndCapture / GraphInstantiate / GraphLaunch): the
// captured chevron launch is 32x8; the tile is read by columns.
// launch: rt5_41_graph 2 32x8
// expect: rewritten
__global__ void rt5_41_graph(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int k = 0; k < 4; ++k) tile[ty + 8 * k][tx] = in[(blockIdx.x * 1024 + (ty + 8 * k) * 32 + tx) & 4095] & 1023;
    __syncthreads();
    int acc = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc = acc * 5 + tile[tx][ty + 8 * k];
    out[blockIdx.x * 256 + ty * 32 + tx] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
    rt5_41_graph<<<2, dim3(32, 8), 0, stream>>>(in, out, 0);
    cudaStreamEndCapture(stream, &graph);
    cudaGraphInstantiate(&exec, graph, 0);
    cudaGraphLaunch(exec, stream);
    cudaStreamSynchronize(stream);
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaStreamDestroy(stream);
}
#endif
